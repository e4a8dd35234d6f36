"""``nicknames collect``: propose each participant's names from the messages."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from nicknames.cli.common import (
    AddressKeyOption,
    ClusterOption,
    EngineOption,
    InputOptions,
    JobsOption,
    QuietOption,
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
from nicknames.cli.render import absent_warning, collect_summary, private_file_note
from nicknames.rules.languages import LANGUAGES

if TYPE_CHECKING:
    pass


@app.command("collect")
@user_errors
@input_options
def collect_command(
    ctx: typer.Context,
    messages: Annotated[Path, typer.Argument(metavar="MESSAGES", help="Messages export: CSV, JSON Lines, "
                                             "Parquet, an mbox file or a folder of .eml files.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Mapping file to write or merge into.",
                                         dir_okay=False)] = Path("mapping.txt"),
    class_list: Annotated[Path | None, typer.Option(
        "--class-list", help="CSV of participant id and registered full name.", dir_okay=False)] = None,
    nicknames_file: Annotated[Path | None, typer.Option(
        "--nicknames-file", help="CSV of given names and familiar forms ('name,forms', forms separated by ';') "
        "added to the built-in table.", dir_okay=False)] = None,
    replace_nicknames: Annotated[bool, typer.Option(
        "--replace-nicknames", help="Use only --nicknames-file, not the built-in table.")] = False,
    no_discover: Annotated[bool, typer.Option(
        "--no-discover", help="Only greetings, sign-offs and the class list: no suggested variants.")] = False,
    languages: Annotated[str | None, typer.Option(
        "--languages", metavar="CODES", help=f"Language packs to use, comma-separated ({','.join(LANGUAGES)}; "
        "default: all, or [collect] languages in the config file): their greetings, sign-offs, titles and "
        "familiar forms. See docs/languages.md.")] = None,
    address_key: AddressKeyOption = None,
    jobs: JobsOption = 0,
    engine: EngineOption = None,
    cluster: ClusterOption = None,
    quiet: QuietOption = False,
    verbose: VerboseOption = False,
    *,
    inputs: InputOptions,
) -> None:
    """Find candidate names for every participant and write them to the mapping file.

    A greeting at the start of a message ("Hi Mary") names the parent message's
    sender; a sign-off at the end ("Thanks, Rob") and an introduction ("My name
    is Robert, call me Rob") name the sender; a quote's attribution line ("On
    Mon, Mary Poe <...> wrote:") names the author replied to; with
    --class-list (or, without one, a column of the senders' full names such as
    author_name beside their ids), registered names and their parts that occur
    in the messages are added. Then familiar forms (Bob for Robert), misspellings, case and
    accent variants, stylised forms, initials and names glued to words that
    occur where a participant is active are added as suggestions (?Name) with
    their evidence tags. When the mapping file exists, the new findings are merged into
    it: manual edits, rejections and comments are kept, counts are refreshed.

    Greetings and sign-offs are read in English and in the languages of the
    packs (sv, de, es, fr, nl, it, pt, fi, da, no): "Hej Anna,", "Mvh Erik",
    "LG, Lena"; --languages restricts them.

    For mail, participants are ids given to addresses (kept in the address key,
    MAPPING.addresses.csv), display names are the class list, and a greeting
    names the recipient it matches (else the parent message's sender).

    A CSV, JSON Lines or Parquet file of 64 MB or more is kept on disk while collect runs (in a
    private temporary folder under TMPDIR, removed at the end); with --engine
    dask or spark a table stays on the cluster's workers. This machine then
    holds the id columns only; the mapping is the same.
    """
    from nicknames.collect.found import merge
    from nicknames.engine.run import default_jobs
    from nicknames.io.class_list import (
        read_class_list,  # these load pandas: see cli/common.py
    )
    from nicknames.io.mail.participants import key_path, write_key
    from nicknames.io.mapping_file import read_mapping, with_header, write_mapping
    from nicknames.io.nickname_file import read_table
    from nicknames.io.output import check_outputs
    from nicknames.model.mapping import Mapping
    from nicknames.rules.languages import parse_languages
    from nicknames.rules.salutations import Rules

    key_file = address_key or key_path(output)
    check_outputs({"--output": output, "--address-key": key_file},
                  [messages, class_list, config_in_use(inputs.config)])
    settings = inputs.settings()
    run_on = chosen_engine(engine, cluster, settings)
    messages = readable(ctx, messages)  # a pipe is read more than once
    encoding = inputs.encoding or settings.encoding
    # Small inputs first, so that any error in them comes before the messages' warnings.
    roster = read_class_list(readable(ctx, class_list), encoding) if class_list else None
    merged = output.exists()
    existing = read_mapping(output) if merged else Mapping()
    from nicknames.pipeline.exports import collect_placement, open_address_key

    key = open_address_key(messages, key_file, must_exist=address_key is not None)
    codes = parse_languages(languages) if languages is not None else settings.languages or LANGUAGES
    rules = Rules.for_languages(codes).extended(settings.greetings, settings.closers, settings.stopwords,
                                                settings.not_stopwords)
    names = read_table(nicknames_file, replace=replace_nicknames) if nicknames_file else None
    from nicknames.pipeline.source_jobs import collect_source

    with ExitStack() as stack:
        source = open_messages(stack, messages, inputs, key, run_on, collect_placement(messages, run_on), workers=jobs)
        result = collect_source(source, roster, rules, nicknames=names, discover=not no_discover,
                                jobs=jobs or default_jobs(messages), engine=run_on)
    mapping = merge(existing, result.mapping)
    absent_warning(err, [pid for pid in existing.participants if pid not in result.mapping.entries])
    if not merged:
        with_header(mapping)
    write_mapping(mapping, output)
    written = key if source.archive is not None else source.sender_key
    if written is not None:
        write_key(written, key_file)
        if not quiet:
            opaque_ids_warning(source, key_file)
            err.print(f"Address key {escape(str(key_file))}: {len(written.ids)} addresses or names, {written.added} "
                      "new (owner-only: apply reads it to give every sender the same id).")
            if written.joined:
                err.print(f"  {written.joined} new addresses share the id of an earlier address written with the same "
                          "full name (one person, several mailboxes); give one a new id in the key if they are two "
                          "people.")
    result.mapping = mapping
    if source.names_column and not quiet:
        err.print(f"Note: the column {escape(repr(source.names_column))} was read as the senders' registered names "
                  "(as a class list; --class-list wins over it).")
    warn_if_exposed(output, key_file if written is not None else None)
    if not quiet:
        collect_summary(err, result, output, merged)
    else:
        private_file_note(err, output, "the mapping file")
