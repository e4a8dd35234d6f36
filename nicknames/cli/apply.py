"""``nicknames apply``: replace every mapped name with its participant's pseudonym."""

from __future__ import annotations

from contextlib import ExitStack
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from nicknames.apply.resolution import NamesOf, Unresolved
from nicknames.cli.common import (
    AddressKeyOption,
    ClusterOption,
    EngineOption,
    InputOptions,
    JobsOption,
    QuietOption,
    ScopeOption,
    VerboseOption,
    app,
    chosen_engine,
    config_in_use,
    err,
    input_options,
    opaque_ids_warning,
    open_messages,
    readable,
    user_errors,
    warn_if_exposed,
)
from nicknames.cli.render import (
    absent_warning,
    apply_summary,
    empty_mapping_warning,
    identity_columns_note,
    named_columns_warning,
    new_senders_warning,
    other_text_note,
    private_file_note,
    pseudonym_summary,
)
from nicknames.model.errors import InputError
from nicknames.model.scope import Scope
from nicknames.rules.identifier_kinds import KINDS

if TYPE_CHECKING:
    pass


class Style(str, Enum):
    """How a participant's names are written in the output (see docs/pseudonyms.md)."""

    id = "id"
    keyed = "keyed"
    surrogate = "surrogate"


class OthersChoice(str, Enum):
    """What apply does with the names of people who are not participants (the mapping's @others)."""

    placeholders = "replace"
    keep = "keep"


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
    csv_safe: Annotated[bool, typer.Option("--csv-safe", help="CSV for spreadsheets: prefix every cell that "
                                           "begins with =, +, -, @, a tab or a carriage return with a single "
                                           "quote, so that Excel, LibreOffice or Sheets show it as text instead "
                                           "of running it as a formula. Not for CSV read by programs (the quote "
                                           "stays in the text).")]
    = False,
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
                                             f"{', '.join(KINDS)}; or all, or none. Of an address, URL or path "
                                             "only the personal part is replaced ([USER]@example.org; one "
                                             "naming nobody, such as an organisation's site, stays); add "
                                             "'whole' (all,whole) to replace each one whole ([EMAIL], [URL]).")]
    = "all",
    unresolved: Annotated[Unresolved, typer.Option("--unresolved", help="A shared name no context decides: first = "
                                                   "its most frequent user, else first in the mapping; mark = "
                                                   "[U12|U43]; skip = leave it. Listed in --review either way.")]
    = Unresolved.first,
    others: Annotated[OthersChoice, typer.Option("--others", help="People who are not participants (the mapping's "
                                           "@others): replace = [PERSON 1], [PERSON 2], ... (one number per "
                                           "person in the file); keep = leave them as written, as the paper "
                                           "did.")] = OthersChoice.placeholders,
    names_of: Annotated[NamesOf, typer.Option("--names-of", help="Whose names are replaced in a scope: everyone = "
                                              "also those of participants not active there (registered people who "
                                              "receive the mail or post in other sessions) where no active "
                                              "participant has the name; active = only the names of participants "
                                              "active in the scope (the paper's rule).")] = NamesOf.everyone,
    review: Annotated[Path | None, typer.Option("--review", help="CSV of every decision on a shared name with "
                                                "evidence and confidence, and every mention of a name tagged "
                                                "namesake; those to check first (owner-only).",
                                                dir_okay=False)] = None,
    report: Annotated[Path | None, typer.Option("--report", help="CSV of replacements per participant and "
                                                "name (holds real names: owner-only).", dir_okay=False)] = None,
    keep_column: Annotated[list[str] | None, typer.Option("--keep-column", metavar="<column>", help="A column "
                                                          "beside the text to leave as written, though its name "
                                                          "says it holds prose (title, subject) or people's names "
                                                          "or addresses (name, email); repeat for more.")] = None,
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
    engine: EngineOption = None,
    cluster: ClusterOption = None,
    quiet: QuietOption = False,
    *,
    inputs: InputOptions,
) -> None:
    """Replace every name in the mapping by its participant's pseudonym, scope by scope.

    Names are matched as whole words, longest first, in any Unicode form (NFD,
    invisible characters inside, a line break or hyphen between the parts,
    Chinese and Japanese without spaces, Arabic and Hebrew prefixes; see
    docs/workflow.md); keep-list names are left as they are. E-mail addresses,
    URLs, home directories, handles, phone numbers and participant ids are
    replaced first: handles, phones and ids whole ([HANDLE], [PHONE] or the
    owner's pseudonym), addresses, URLs and paths by their personal part only
    (see --identifiers and docs/pseudonyms.md); a table's user-name senders
    count as their owners' ids and handles. The output keeps every row and
    column of the input; names are replaced in the text and in columns of
    other prose (title, subject, topic, summary) and of attached files, and columns of people's
    names, addresses and user names (author_name, email, username, to) are
    written as their persons' pseudonyms (see docs/workflow.md). A
    name that belongs to two participants active in one scope is decided per
    mention from its context (see --review and docs/pseudonyms.md). A name no
    participant active in the scope has is still replaced when it belongs to
    someone else in the mapping, such as a registered person who only receives
    the mail (--names-of).

    Mail comes out as mail that mail tools open: names replaced in subjects and
    bodies (quotes as their authors' text), addresses and display names
    pseudonymised, Message-IDs renumbered consistently, identifying headers
    dropped (see docs/mail.md).

    A CSV, JSON Lines or Parquet file of 64 MB or more pseudonymised into one
    file or to standard output is kept on disk while apply runs (in a private temporary folder
    under TMPDIR, removed at the end); with --engine dask or spark a table
    stays on the cluster's workers (see docs/distributed.md).
    """
    from nicknames.apply.key_file import check_key_location, readable_by_others
    from nicknames.apply.person_placeholders import without_others
    from nicknames.apply.pseudonyms import IdTemplate, KeyedIds
    from nicknames.apply.spilled import SpilledApplyResult
    from nicknames.engine.run import default_jobs
    from nicknames.io.formats import (  # these load pandas: see cli/common.py
        check_format,
        detect_format,
    )
    from nicknames.io.mail.participants import key_path
    from nicknames.io.mapping_file import read_mapping
    from nicknames.io.output import check_outputs, refuse_stdout_over
    from nicknames.io.roster import Roster, read_roster
    from nicknames.pipeline.exports import apply_placement, open_address_key
    from nicknames.pipeline.named_columns import named_columns
    from nicknames.pipeline.on_cluster import ClusterSource, pseudonymise_on_cluster
    from nicknames.pipeline.report import namesake_guesses, write_report, write_review
    from nicknames.pipeline.side_columns import checked_columns
    from nicknames.pipeline.source_jobs import pseudonymise
    from nicknames.pipeline.source_outputs import (
        check_output,
        result_pairs,
        write_output,
    )
    from nicknames.pipeline.styles import (
        build_style,
        keyed_id_columns,
        load_key,
        save_key,
    )

    outputs = {"--output": output, "--report": report, "--review": review, "--key-file": key_file}
    check_outputs(outputs, [messages, mapping_path, class_list, config_in_use(inputs.config)])
    if output is None:
        refuse_stdout_over([messages, mapping_path])
    run_on = chosen_engine(engine, cluster, inputs.settings())
    messages = readable(ctx, messages)  # a pipe is read more than once
    if key_file is not None:
        check_key_location(key_file, output, key_beside_output)
    kinds, whole = parse_kinds(identifiers)
    fmt = check_format(output_format)
    check_output(detect_format(messages), fmt, output, csv_safe=csv_safe)
    key = load_key(key_file, style.value if style else None, pseudonym_format)
    if key_file is not None and readable_by_others(key_file):
        err.print(f"[yellow]Warning:[/] key file {escape(str(key_file))} is readable by others; it is rewritten "
                  "owner-only now, but check who may have copied it.")
    if key.style == "id":
        IdTemplate(key.template)  # a bad --format fails before any work is done
    mapping = read_mapping(readable(ctx, mapping_path))
    if others is OthersChoice.keep:
        mapping = without_others(mapping)
    roster = read_roster(readable(ctx, class_list), inputs.encoding) if class_list else Roster()
    if not any(mapping.names_in_use(participant) for participant in mapping.participants):
        empty_mapping_warning(err, mapping_path)
    address_file = address_key or key_path(mapping_path)
    addresses = open_address_key(messages, address_file, must_exist=True)
    known = set(addresses.ids.values()) if addresses is not None else set()
    placement = apply_placement(messages, run_on, output, fmt, strict=strict, style=key.style)
    with ExitStack() as stack:
        source = open_messages(stack, messages, inputs, addresses, run_on, placement, workers=jobs)
        if source.sender_key is not None and addresses is None:
            raise InputError(
                f"{messages}: the sender column {source.sender_column!r} holds names, user names or addresses, and the "
                f"key that gives them opaque ids ({address_file}) does not exist; run 'nicknames collect' first (it "
                "writes the key beside the mapping) or name the key with --address-key."
            )
        kept = checked_columns(messages, keep_column or [], source.column_names(), "to keep")
        if not quiet:
            opaque_ids_warning(source, address_file)
            other_text_note(err, [c for c in source.other_text_columns() if c not in kept], mapping_path, output)
            identity_columns_note(err, [c for c in source.identity_columns() if c not in kept])
        table = source.table
        if source.archive is not None:
            unknown = {message.sender for message in source.archive.messages} - known - set(mapping.participants)
            new_senders_warning(err, sorted(unknown), address_file)
        roster = source.own_roster(roster)  # a class list keyed by sender names follows their opaque ids
        named_columns_warning(err, named_columns(source, mapping, roster.names, kept))
        note = table.one_session_note(scope.value) if source.archive is None else None
        if note is not None and not quiet:
            err.print(f"[yellow]Note:[/] {escape(note)}")
        senders = source.participants()
        texts = (text for _, text in source.text_pairs()) if key.style == "surrogate" else ()
        pseudonym = build_style(key, mapping, senders, texts, roster)
        if isinstance(source, ClusterSource) and output is not None:  # the workers write the parts
            result = pseudonymise_on_cluster(source, mapping, scope.value, output, fmt, output_encoding,
                                             csv_safe=csv_safe, pseudonym=pseudonym, identifiers=kinds,
                                             addresses=roster.addresses, unresolved=unresolved, names_of=names_of,
                                             whole_identifiers=whole, registered=roster.names, keep_columns=kept)
        else:
            result = pseudonymise(source, mapping, scope.value, pseudonym=pseudonym, identifiers=kinds,
                                  addresses=roster.addresses, unresolved=unresolved, names_of=names_of,
                                  whole_identifiers=whole, registered=roster.names, keep_columns=kept,
                                  jobs=jobs or default_jobs(messages), engine=run_on)
        if isinstance(pseudonym, KeyedIds) and isinstance(result, SpilledApplyResult):
            result.transforms.append(partial(keyed_id_columns, table, keyed=pseudonym))
        elif isinstance(pseudonym, KeyedIds) and source.archive is None and not isinstance(source, ClusterSource):
            result.frame = keyed_id_columns(table, result.frame, pseudonym)
        absent_warning(err, result.unknown_participants)
        if strict:
            from nicknames.pipeline.strict import (  # audit's rules, only when asked
                refuse_leftovers,
                strict_audit,
            )

            refuse_leftovers(strict_audit(result_pairs(source, result), mapping, roster.names or None), mapping_path)
        if not isinstance(source, ClusterSource):
            write_output(source, result, output, fmt, output_encoding, csv_safe=csv_safe)
        if report is not None:
            write_report(result, report)
        guesses = namesake_guesses(mapping)
        if review is not None:
            write_review(result, review, guesses)
        if key_file is not None:
            options = {"scope": scope.value, "unresolved": unresolved.value,
                       "identifiers": sorted(kinds) + (["whole"] if whole else []), "names_of": names_of.value}
            save_key(key_file, key, mapping, result.replacements, str(messages), options)
        warn_if_exposed(report, review, key_file)
        if not quiet:
            apply_summary(err, result, scope.value, verbose)
            pseudonym_summary(err, result, key.style, key_file, review, guesses)
            for path, what in ((report, "the report"), (review, "the review")):
                if path is not None:
                    private_file_note(err, path, what)


def parse_kinds(value: str) -> tuple[list[str], bool]:
    """The identifier kinds of ``--identifiers`` (a comma-separated list, ``all`` or ``none``), and ``whole``.

    ``whole`` among the words replaces every address, URL and path whole; alone,
    it means every kind.
    """
    words = [word.strip().lower() for word in value.split(",") if word.strip()]
    whole = "whole" in words
    words = [word for word in words if word != "whole"] or (["all"] if whole else [])
    if words in (["all"], []):
        return (list(KINDS) if words else []), whole
    if words == ["none"]:
        return [], whole
    unknown = [word for word in words if word not in KINDS]
    if unknown:
        raise typer.BadParameter(
            f"unknown identifier kind {unknown[0]!r}; use {', '.join(KINDS)}, all, none or whole.",
            param_hint="--identifiers",
        )
    return words, whole
