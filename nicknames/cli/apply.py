"""``nicknames apply``: replace every mapped name with its participant's pseudonym."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from nicknames.cli.common import (
    AddressKeyOption,
    InputOptions,
    JobsOption,
    Scope,
    ScopeOption,
    QuietOption,
    VerboseOption,
    app,
    config_in_use,
    err,
    input_options,
    load_source,
    opaque_ids_warning,
    warn_if_exposed,
    readable,
    user_errors,
)
from nicknames.errors import InputError
from nicknames.identifiers import KINDS
from nicknames.key_file import check_key_location, readable_by_others
from nicknames.mail.participants import key_path
from nicknames.mapping_file import read_mapping
from nicknames.output import check_outputs, refuse_stdout_over
from nicknames.pseudonyms import IdTemplate, KeyedIds
from nicknames.render import (
    absent_warning,
    apply_summary,
    private_file_note,
    pseudonym_summary,
)
from nicknames.resolution import Unresolved

if TYPE_CHECKING:
    pass


class Style(str, Enum):
    """How a participant's names are written in the output (see docs/pseudonyms.md)."""

    id = "id"
    keyed = "keyed"
    surrogate = "surrogate"


@app.command("apply")
@user_errors
@input_options
def apply_command(
    ctx: typer.Context,
    messages: Annotated[Path, typer.Argument(metavar="MESSAGES", help="Messages export: CSV, JSON Lines, "
                                             "Parquet, an mbox file or a folder of .eml files.")],
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Reviewed mapping file.",
                                                 dir_okay=False)],
    scope: ScopeOption = Scope.session,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Pseudonymised export in the input's "
                                                "format (default: stdout; Parquet and .eml need a path).")] = None,
    output_format: Annotated[str | None, typer.Option("--output-format", metavar="<format>", help="Write csv, jsonl, parquet, mbox "
                                                      "or eml instead of the input's format.")] = None,
    style: Annotated[Style | None, typer.Option("--style", help="Pseudonyms: id = [U43] (default), keyed = "
                                                "[P7F3A2] from a secret key (same ids in every export made with "
                                                "the key file), surrogate = a made-up name in the shape of the "
                                                "original. Default: the key file's style, else id.")] = None,
    pseudonym_format: Annotated[str | None, typer.Option("--format", metavar="<template>", help="Pseudonym template for id and keyed; "
                                                         "{id} is the (keyed) id. Default: '[{id}]'.")] = None,
    key_file: Annotated[Path | None, typer.Option("--key-file", help="Key file (JSON, owner-only): read when it "
                                                  "exists so this run reproduces its style, key and surrogates; "
                                                  "written with the mapping and this run's replacements for "
                                                  "nicknames reverse. Keep it apart from the output.",
                                                  dir_okay=False)] = None,
    key_beside_output: Annotated[bool, typer.Option("--key-beside-output", help="Allow the key file inside the "
                                                    "output's folder (only when that folder is private).")] = False,
    class_list: Annotated[Path | None, typer.Option("--class-list", help="Class list CSV: registered names and "
                                                    "gender for surrogates, e-mail addresses and handles that "
                                                    "belong to participants.", dir_okay=False)] = None,
    identifiers: Annotated[str, typer.Option("--identifiers", metavar="<kinds>", help="Other identifiers to replace, comma-separated: "
                                             f"{', '.join(KINDS)}; or all, or none.")] = "all",
    unresolved: Annotated[Unresolved, typer.Option("--unresolved", help="A shared name no context decides: first = "
                                                   "its most frequent user, else first in the mapping; mark = "
                                                   "[U12|U43]; skip = leave it. Listed in --review either way.")]
    = Unresolved.first,
    review: Annotated[Path | None, typer.Option("--review", help="CSV of every decision on a shared name with "
                                                "evidence and confidence; undecided ones first (owner-only).",
                                                dir_okay=False)] = None,
    report: Annotated[Path | None, typer.Option("--report", help="CSV of replacements per participant and "
                                                "name (holds real names: owner-only).", dir_okay=False)] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Audit the output before writing it (as nicknames "
                                         "audit, without near misses) and refuse to finish (exit 1, nothing "
                                         "written) when a name of the mapping or class list is still in it.")]
    = False,
    output_encoding: Annotated[str | None, typer.Option("--output-encoding", metavar="<name>", help="Encoding of "
                                                        "a CSV or JSON Lines output (default: UTF-8, with a byte "
                                                        "order mark when the input has one); utf-8-sig for Excel, "
                                                        "which without it garbles accents.")] = None,
    verbose: VerboseOption = False,
    address_key: AddressKeyOption = None,
    jobs: JobsOption = 0,
    quiet: QuietOption = False,
    *,
    inputs: InputOptions,
) -> None:
    """Replace every name in the mapping by its participant's pseudonym, scope by scope.

    Names are matched as whole words, longest first; keep-list names are left as
    they are. E-mail addresses, URLs, handles, phone numbers and participant ids
    are replaced first ([EMAIL], [URL], ... or the owner's pseudonym). The
    output keeps every row and column of the input; only the text changes. A
    name that belongs to two participants active in one scope is decided per
    mention from its context (see --review and docs/pseudonyms.md).

    Mail comes out as mail that mail tools open: names replaced in subjects and
    bodies (quotes as their authors' text), addresses and display names
    pseudonymised, Message-IDs renumbered consistently, identifying headers
    dropped (see docs/mail.md).
    """
    from nicknames.formats import check_format, detect_format  # these load pandas: see cli/common.py
    from nicknames.report import write_report, write_review
    from nicknames.roster import Roster, read_roster
    from nicknames.sources import check_output, open_address_key, pseudonymise, result_texts, write_output
    from nicknames.strict import refuse_leftovers, strict_audit
    from nicknames.styles import build_style, keyed_id_columns, load_key, save_key

    outputs = {"--output": output, "--report": report, "--review": review, "--key-file": key_file}
    check_outputs(outputs, [messages, mapping_path, class_list, config_in_use(inputs.config)])
    if output is None:
        refuse_stdout_over([messages, mapping_path])
    messages = readable(ctx, messages)  # a pipe is read more than once
    if key_file is not None:
        check_key_location(key_file, output, key_beside_output)
    kinds = parse_kinds(identifiers)
    fmt = check_format(output_format)
    check_output(detect_format(messages), fmt, output)
    key = load_key(key_file, style.value if style else None, pseudonym_format)
    if key_file is not None and readable_by_others(key_file):
        err.print(f"[yellow]Warning:[/] key file {escape(str(key_file))} is readable by others; it is rewritten "
                  "owner-only now, but check who may have copied it.")
    if key.style == "id":
        IdTemplate(key.template)  # a bad --format fails before any work is done
    mapping = read_mapping(mapping_path)
    roster = read_roster(class_list, inputs.encoding) if class_list else Roster()
    address_file = address_key or key_path(mapping_path)
    addresses = open_address_key(messages, address_file, must_exist=True)
    source = load_source(messages, inputs, addresses)
    if source.sender_key is not None and addresses is None:
        raise InputError(
            f"{messages}: the sender column {source.sender_column!r} holds names or addresses, and the key that "
            f"gives them opaque ids ({address_file}) does not exist; run 'nicknames collect' first (it writes the key "
            "beside the mapping) or name the key with --address-key."
        )
    if not quiet:
        opaque_ids_warning(source, address_file)
    table = source.table
    roster = source.own_roster(roster)  # a class list keyed by sender names follows their opaque ids
    note = table.one_session_note(scope.value) if source.archive is None else None
    if note is not None and not quiet:
        err.print(f"[yellow]Note:[/] {escape(note)}")
    senders = source.participants()
    texts = table.frame[table.columns.text] if key.style == "surrogate" else []
    pseudonym = build_style(key, mapping, senders, texts, roster)
    result = pseudonymise(source, mapping, scope.value, pseudonym=pseudonym, identifiers=kinds,
                          addresses=roster.addresses, unresolved=unresolved)
    if isinstance(pseudonym, KeyedIds) and source.archive is None:
        result.frame = keyed_id_columns(table, result.frame, pseudonym)
    absent_warning(err, result.unknown_participants)
    if strict:
        pairs = zip(result.frame[table.columns.message_id], result_texts(source, result))
        refuse_leftovers(strict_audit(pairs, mapping, roster.names or None), mapping_path)
    write_output(source, result, output, fmt, output_encoding)
    if report is not None:
        write_report(result, report)
    if review is not None:
        write_review(result, review)
    if key_file is not None:
        options = {"scope": scope.value, "unresolved": unresolved.value, "identifiers": sorted(kinds)}
        save_key(key_file, key, mapping, result.replacements, str(messages), options)
    warn_if_exposed(report, review, key_file)
    if not quiet:
        apply_summary(err, result, scope.value, verbose)
        pseudonym_summary(err, result, key.style, key_file, review)
        for path, what in ((report, "the report"), (review, "the review")):
            if path is not None:
                private_file_note(err, path, what)


def parse_kinds(value: str) -> list[str]:
    """The identifier kinds of ``--identifiers``: a comma-separated list, ``all`` or ``none``."""
    words = [word.strip().lower() for word in value.split(",") if word.strip()]
    if words in (["all"], []):
        return list(KINDS) if words else []
    if words == ["none"]:
        return []
    unknown = [word for word in words if word not in KINDS]
    if unknown:
        raise typer.BadParameter(
            f"unknown identifier kind {unknown[0]!r}; use {', '.join(KINDS)}, all or none.", param_hint="--identifiers"
        )
    return words
