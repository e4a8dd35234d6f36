"""What the commands run on an opened source (``pipeline.sources``): collect's proposed mapping, apply's
pseudonymised table or mail, with the identifiers and the columns beside the text."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping as MappingType
from dataclasses import dataclass, field, replace
from email.message import Message as MailMessageObject

import pandas as pd

from nicknames.apply.pseudonyms import IdTemplate, Pseudonym
from nicknames.apply.replacement import changes_text, message_ids
from nicknames.apply.resolution import NamesOf, Unresolved
from nicknames.apply.scopes import ApplyResult, apply_mapping
from nicknames.apply.spilled import SpilledApplyResult, apply_spilled_mapping
from nicknames.collect.candidates import CollectResult, collect
from nicknames.collect.discover.lexicon import MIN_LOWER
from nicknames.collect.discover.token_patterns import without_addresses
from nicknames.collect.found import merge
from nicknames.collect.word_checks import listed_word
from nicknames.distributed.engines import Engine
from nicknames.io.mail.archive import MailArchive
from nicknames.io.mail.participants import (
    pseudonymous_address,
)
from nicknames.io.mail.tables import (
    display_name_usage,
    lower_case_uses,
    part_table,
)
from nicknames.io.mail.writer import (
    MessageIds,
    archive_message_ids,
    body_text,
    original_id,
    pseudonymised_messages,
)
from nicknames.io.mapping_file import with_header
from nicknames.io.person_names import person_rows, registered_full_names
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping, Name
from nicknames.pipeline.disk_results import kept_on_disk
from nicknames.pipeline.side_columns import (
    side_columns,
)
from nicknames.pipeline.sources import OUTPUT_TABLE_COLUMNS, Source
from nicknames.rules.identifiers import KINDS, IdentifierRules, identifier_rules
from nicknames.rules.nickname_table import NicknameTable
from nicknames.rules.salutations import DEFAULT_RULES, Rules


@dataclass
class ArchiveApplyResult(ApplyResult):
    """The result of apply on a mail archive: a table of its messages and the rebuilt messages."""

    messages: list[MailMessageObject] = field(default_factory=list)
    """The pseudonymised ``email.message.Message`` objects, in archive order."""

    def changed_messages(self) -> int:
        """How many messages had a name replaced in their subject or body."""
        return len({message_id.rsplit("#", 1)[0] for message_id in message_ids(self.replacements, changes_text)})


def collect_source(
    source: Source,
    class_list: dict[str, str] | None = None,
    rules: Rules = DEFAULT_RULES,
    nicknames: NicknameTable | None = None,
    discover: bool = True,
    jobs: int = 1,
    engine: Engine | None = None,
) -> CollectResult:
    """Collect names from a source; a given class list wins over the display names of mail.

    The mapping is ready to write as ``nicknames collect`` writes a new one: with the
    header comment, and every proposed name recorded as seen (``@seen``), so that a
    later collect merged into it does not propose again the names the reviewer deleted.
    """
    roster = {**source.class_list, **source.own_ids(class_list or {})}
    result = collect(source.table, roster or None, rules, nicknames=nicknames, discover=discover, jobs=jobs,
                     engine=engine, runs=source.message_runs(jobs))
    if source.archive is not None:
        _add_display_names(result.mapping, source.archive)
        _forget_list_names(result.mapping, source.archive.lists)
    result.mapping = with_header(merge(Mapping(), result.mapping))
    return result


def _forget_list_names(mapping: Mapping, lists: frozenset[str]) -> None:
    """No names for a list's own address: a greeting of a message it sent greets its members ("Hi util folks,"),
    a sign-off signs for it."""
    for participant in sorted(lists & set(mapping.participants)):
        for name in list(mapping.entry(participant).names):
            mapping.remove_name(participant, name.text)


def _add_display_names(mapping: Mapping, archive: MailArchive) -> None:
    """Display-name parts used anywhere in the archive, quotes and subjects included, that collect missed; a part
    of one word that the word lists have, or that the bodies write in lower case (outside addresses, URLs and
    paths) more often than messages use it (as collect's ``Lexicon`` reads a word), is tagged ``word`` as collect
    tags it ("Secret" of an address ``secret_otter@…``, which apply then leaves in "the Secret Service")."""
    participants = set(archive.display_names)
    usage = display_name_usage(archive, participants)
    missed = {(participant, part): count for (participant, part), count in sorted(usage.items())
              if mapping.add_participant(participant).find(part) is None}  # in order: lines are added so
    lower = lower_case_uses(archive, {part for _, part in missed if " " not in part}, without_addresses)
    for (participant, part), count in missed.items():
        uses = lower[part.lower()]
        word = listed_word(part) or (uses >= MIN_LOWER and uses > count)
        mapping.set_name(participant, Name(part, count, ("classlist", "word") if word else ("classlist",)))
    for participant in {participant for participant, _ in display_name_usage(archive, participants)}:
        mapping.sort_names(participant)


def apply_source(
    source: Source,
    mapping: Mapping,
    scope: str,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
    jobs: int = 1,
    names_of: NamesOf = NamesOf.everyone,
    engine: Engine | None = None,
    other_texts: tuple[str, ...] = (),
) -> ApplyResult:
    """Pseudonymise a source; for mail, every part of every message and its headers.

    A source kept on disk is pseudonymised partition by partition from its spill folder (its result's ``frame``
    reads the whole table on first use: write it with ``write_output`` to stay bounded). ``other_texts``: columns
    of other prose (a title) whose names are replaced with the text's (``Columns.other_texts``)."""
    table = source.table
    if other_texts:
        table = replace(table, columns=replace(table.columns, other_texts=other_texts))
    if source.texts_on_cluster:
        raise NicknamesError(f"{source.path}: the texts of this source are held on the cluster; write its output with "
                             "pseudonymise_on_cluster(source, mapping, scope, output), or open it with "
                             "on_cluster=False to pseudonymise it here.")
    if source.spilled is not None:
        spilled = source.on_disk().new_work()
        on_disk = apply_spilled_mapping(table, spilled, mapping, scope, pseudonym, identifiers=identifiers,
                                        unresolved=unresolved, names_of=names_of, jobs=jobs)
        return kept_on_disk(on_disk, source)
    if source.archive is None:
        return apply_mapping(table, mapping, scope, pseudonym, identifiers=identifiers, unresolved=unresolved,
                             names_of=names_of, jobs=jobs, engine=engine)
    archive = source.archive
    parts = part_table(archive, lambda participant: pseudonymous_address(participant, pseudonym(participant)))
    result = apply_mapping(parts, mapping, scope, pseudonym, identifiers=identifiers, unresolved=unresolved,
                           names_of=names_of, jobs=jobs, engine=engine)
    ids = archive_message_ids(archive)
    messages = pseudonymised_messages(archive, list(result.frame[parts.columns.text]), pseudonym, ids)
    return ArchiveApplyResult(
        _message_frame(archive, messages, ids), result.replacements, result.duplicates, result.scopes,
        [pid for pid in mapping.participants if pid not in archive.key.ids.values()], messages=messages,
    )


def pseudonymise(
    source: Source,
    mapping: Mapping,
    scope: str = "session",
    *,
    pseudonym: Pseudonym | None = None,
    identifiers: Iterable[str] = KINDS,
    addresses: MappingType[str, list[str]] | None = None,
    unresolved: Unresolved = Unresolved.first,
    jobs: int = 1,
    names_of: NamesOf = NamesOf.everyone,
    whole_identifiers: bool = False,
    registered: MappingType[str, str] | None = None,
    engine: Engine | None = None,
    other_texts: Iterable[str] | None = None,
    keep_columns: Iterable[str] = (),
) -> ApplyResult:
    """Apply as ``nicknames apply`` does: ``[{id}]`` pseudonyms and identifiers replaced unless told otherwise.

    ``identifiers`` are the kinds of ``nicknames.rules.identifiers.KINDS`` to replace
    (none with ``()``); ``addresses`` maps participants to their e-mail addresses
    and handles (a class list's), to which a mail archive adds its own; ``jobs``
    worker processes share the scopes (see ``nicknames.engine``), or the cluster
    of a Dask or Spark ``engine`` does (see ``nicknames.distributed``).
    An
    address, URL or path has only its personal part replaced, unless
    ``whole_identifiers``; its person is told by the names of the mapping and
    the registered full names (participant → name: the ``registered`` names of
    a class list, and the export's own, ``Source.registered_names``).
    Names are replaced in the columns of ``other_texts`` too (default: the
    ``Source.other_text_columns``, such as a forum's "title"); columns of
    people's names and addresses are written as pseudonyms
    (``Source.identity_columns``, see ``nicknames.apply.identity_columns``);
    ``keep_columns`` are left as written, whatever they hold.
    """
    kinds = list(identifiers)
    senders = source.participants()
    pseudonym = pseudonym or IdTemplate()
    owned = source.owned_addresses(addresses, pseudonym)
    rules = source_identifiers(source, mapping, kinds, senders, owned, registered, whole_identifiers)
    kept = list(keep_columns)
    others = side_columns(source.path, source.column_names(), source.other_text_columns(), other_texts, kept)
    result = apply_source(
        source, mapping, scope, pseudonym, identifiers=rules, unresolved=unresolved, names_of=names_of,
        jobs=jobs, engine=engine, other_texts=others,
    )
    identity = source.identity_transform(mapping, pseudonym, owned, registered or {}, kept)
    if identity is not None and isinstance(result, SpilledApplyResult):
        result.transforms.append(identity)
    elif identity is not None:
        result.frame = identity(result.frame)
    return result


def source_identifiers(source: Source, mapping: Mapping, kinds: list[str], senders: Iterable[str],
                       owned: MappingType[str, list[str]], registered: MappingType[str, str] | None,
                       whole: bool) -> IdentifierRules | None:
    """The identifier rules of these ``kinds`` (None: none) for a source: the mapping's participants and the
    ``senders``, their ``owned`` addresses, and the names that tell an identifier's personal part (the mapping's
    names in use, the registered full names of the class list and the export, ``Source.registered_names``)."""
    if not kinds:
        return None
    names = mapping.names
    for participant, full_name in registered_full_names(person_rows(source.registered_names(registered))).items():
        names.setdefault(participant, []).append(full_name)
    return identifier_rules(kinds, [*mapping.participants, *senders], owned, names=names, keep=mapping.keep,
                            whole=whole, word_names=mapping.word_names())


def _message_frame(archive: MailArchive, messages: list[MailMessageObject], ids: MessageIds) -> pd.DataFrame:
    """The pseudonymised messages as a table, for output as CSV, JSON Lines or Parquet."""
    rows = []
    for message, new in zip(archive.messages, messages):
        parent = ids(original_id(message.link.parent)) if message.link.parent else ""
        rows.append([
            str(new["Message-ID"]), parent, ids(original_id(message.link.thread)), message.sender,
            " ".join(message.recipients), str(new["Date"] or ""), str(new["Subject"] or ""), body_text(new),
        ])
    return pd.DataFrame(rows, columns=list(OUTPUT_TABLE_COLUMNS), dtype=object)
