"""nicknames: find every name participants use for each other, review them, replace them with pseudonyms."""

from __future__ import annotations

import importlib
import sys
import types
import typing

# The public API is loaded on first use (PEP 562): ``nicknames --help`` and every command
# start without importing pandas and every core module; ``from nicknames import X`` works as before.
if typing.TYPE_CHECKING:
    from nicknames.apply.key_file import KeyFile, read_key_file, write_key_file
    from nicknames.apply.person_placeholders import without_others
    from nicknames.apply.pseudonyms import IdTemplate, KeyedIds
    from nicknames.apply.replacement import Replacement
    from nicknames.apply.resolution import NamesOf, Unresolved
    from nicknames.apply.reverse import reverse_texts
    from nicknames.apply.scope_names import MappingNames, ScopeNames, scope_names
    from nicknames.apply.scopes import ApplyResult, Duplicate, apply_mapping
    from nicknames.apply.substitute import substitute_batch, substitute_message
    from nicknames.apply.surrogates import Surrogate, SurrogateNames
    from nicknames.check.audit import audit_messages
    from nicknames.check.audit_runs import AuditOutcome
    from nicknames.check.evaluate import MappingReport, evaluate_mapping
    from nicknames.check.findings import AuditResult, Finding
    from nicknames.check.gold import GoldSpan, read_spans_csv
    from nicknames.check.mentions import (
        MentionReport,
        evaluate_mentions,
        pseudonym_pattern,
    )
    from nicknames.check.name_index import build_index
    from nicknames.check.report_html import ReportSettings, html_report
    from nicknames.collect.candidates import CollectResult, collect
    from nicknames.collect.found import merge
    from nicknames.collect.others import PersonLike, propose_others, unmapped_people
    from nicknames.distributed.engines import Engine
    from nicknames.distributed.same_package import WorkerVersionError
    from nicknames.io.class_list import read_class_list, registered_parts
    from nicknames.io.formats import as_strings
    from nicknames.io.mail.participants import AddressKey, read_key, write_key
    from nicknames.io.mapping_file import (
        format_mapping,
        parse_mapping,
        read_mapping,
        write_mapping,
    )
    from nicknames.model.errors import NicknamesError
    from nicknames.model.mapping import Mapping, Name, Status
    from nicknames.model.messages import Message, MessageTable, table_from_frame
    from nicknames.pipeline.audit_files import audit_file
    from nicknames.pipeline.audit_on_cluster import audit_on_cluster
    from nicknames.pipeline.exports import open_source
    from nicknames.pipeline.on_cluster import (
        ClusterSource,
        open_on_cluster,
        pseudonymise_on_cluster,
    )
    from nicknames.pipeline.source_jobs import (
        ArchiveApplyResult,
        apply_source,
        collect_source,
        pseudonymise,
    )
    from nicknames.pipeline.source_outputs import write_output
    from nicknames.pipeline.sources import Source, read_messages, source_from_frame
    from nicknames.rules.identifiers import IdentifierRules, identifier_rules
    from nicknames.rules.languages import LANGUAGES, language_pack
    from nicknames.rules.salutations import Rules
    from nicknames.sample.generate import SampleConfig, SampleResult, generate_sample

_HOMES: dict[str, str] = {
    "AddressKey": "nicknames.io.mail.participants",
    "ApplyResult": "nicknames.apply.scopes",
    "ArchiveApplyResult": "nicknames.pipeline.source_jobs",
    "AuditOutcome": "nicknames.check.audit_runs",
    "AuditResult": "nicknames.check.findings",
    "ClusterSource": "nicknames.pipeline.on_cluster",
    "CollectResult": "nicknames.collect.candidates",
    "Duplicate": "nicknames.apply.scopes",
    "Engine": "nicknames.distributed.engines",
    "Finding": "nicknames.check.findings",
    "GoldSpan": "nicknames.check.gold",
    "IdTemplate": "nicknames.apply.pseudonyms",
    "IdentifierRules": "nicknames.rules.identifiers",
    "KeyFile": "nicknames.apply.key_file",
    "KeyedIds": "nicknames.apply.pseudonyms",
    "LANGUAGES": "nicknames.rules.languages",
    "Mapping": "nicknames.model.mapping",
    "MappingNames": "nicknames.apply.scope_names",
    "MappingReport": "nicknames.check.evaluate",
    "MentionReport": "nicknames.check.mentions",
    "Message": "nicknames.model.messages",
    "MessageTable": "nicknames.model.messages",
    "Name": "nicknames.model.mapping",
    "NamesOf": "nicknames.apply.resolution",
    "NicknamesError": "nicknames.model.errors",
    "PersonLike": "nicknames.collect.others",
    "Replacement": "nicknames.apply.replacement",
    "ReportSettings": "nicknames.check.report_html",
    "Rules": "nicknames.rules.salutations",
    "SampleConfig": "nicknames.sample.generate",
    "SampleResult": "nicknames.sample.generate",
    "ScopeNames": "nicknames.apply.scope_names",
    "Source": "nicknames.pipeline.sources",
    "Status": "nicknames.model.mapping",
    "Surrogate": "nicknames.apply.surrogates",
    "SurrogateNames": "nicknames.apply.surrogates",
    "Unresolved": "nicknames.apply.resolution",
    "WorkerVersionError": "nicknames.distributed.same_package",
    "apply_mapping": "nicknames.apply.scopes",
    "apply_source": "nicknames.pipeline.source_jobs",
    "as_strings": "nicknames.io.formats",
    "audit_file": "nicknames.pipeline.audit_files",
    "audit_messages": "nicknames.check.audit",
    "audit_on_cluster": "nicknames.pipeline.audit_on_cluster",
    "build_index": "nicknames.check.name_index",
    "collect": "nicknames.collect.candidates",
    "collect_source": "nicknames.pipeline.source_jobs",
    "evaluate_mapping": "nicknames.check.evaluate",
    "evaluate_mentions": "nicknames.check.mentions",
    "format_mapping": "nicknames.io.mapping_file",
    "generate_sample": "nicknames.sample.generate",
    "html_report": "nicknames.check.report_html",
    "identifier_rules": "nicknames.rules.identifiers",
    "language_pack": "nicknames.rules.languages",
    "merge": "nicknames.collect.found",
    "open_on_cluster": "nicknames.pipeline.on_cluster",
    "open_source": "nicknames.pipeline.exports",
    "parse_mapping": "nicknames.io.mapping_file",
    "propose_others": "nicknames.collect.others",
    "pseudonym_pattern": "nicknames.check.mentions",
    "pseudonymise": "nicknames.pipeline.source_jobs",
    "pseudonymise_on_cluster": "nicknames.pipeline.on_cluster",
    "read_class_list": "nicknames.io.class_list",
    "read_key": "nicknames.io.mail.participants",
    "read_key_file": "nicknames.apply.key_file",
    "read_mapping": "nicknames.io.mapping_file",
    "read_messages": "nicknames.pipeline.sources",
    "read_spans_csv": "nicknames.check.gold",
    "registered_parts": "nicknames.io.class_list",
    "reverse_texts": "nicknames.apply.reverse",
    "scope_names": "nicknames.apply.scope_names",
    "source_from_frame": "nicknames.pipeline.sources",
    "substitute_batch": "nicknames.apply.substitute",
    "substitute_message": "nicknames.apply.substitute",
    "table_from_frame": "nicknames.model.messages",
    "unmapped_people": "nicknames.collect.others",
    "without_others": "nicknames.apply.person_placeholders",
    "write_key": "nicknames.io.mail.participants",
    "write_key_file": "nicknames.apply.key_file",
    "write_mapping": "nicknames.io.mapping_file",
    "write_output": "nicknames.pipeline.source_outputs",
}
"""Public name → the module that defines it."""

__all__ = [
    "AddressKey",
    "ApplyResult",
    "ArchiveApplyResult",
    "AuditOutcome",
    "AuditResult",
    "ClusterSource",
    "CollectResult",
    "Duplicate",
    "Engine",
    "Finding",
    "GoldSpan",
    "IdTemplate",
    "IdentifierRules",
    "KeyFile",
    "KeyedIds",
    "LANGUAGES",
    "Mapping",
    "MappingNames",
    "MappingReport",
    "MentionReport",
    "Message",
    "MessageTable",
    "Name",
    "NamesOf",
    "NicknamesError",
    "PersonLike",
    "Replacement",
    "ReportSettings",
    "Rules",
    "SampleConfig",
    "SampleResult",
    "ScopeNames",
    "Source",
    "Status",
    "Surrogate",
    "SurrogateNames",
    "Unresolved",
    "WorkerVersionError",
    "apply_mapping",
    "apply_source",
    "as_strings",
    "audit_file",
    "audit_messages",
    "audit_on_cluster",
    "build_index",
    "collect",
    "collect_source",
    "evaluate_mapping",
    "evaluate_mentions",
    "format_mapping",
    "generate_sample",
    "html_report",
    "identifier_rules",
    "language_pack",
    "merge",
    "open_on_cluster",
    "open_source",
    "parse_mapping",
    "propose_others",
    "pseudonym_pattern",
    "pseudonymise",
    "pseudonymise_on_cluster",
    "read_class_list",
    "read_key",
    "read_key_file",
    "read_mapping",
    "read_messages",
    "read_spans_csv",
    "registered_parts",
    "reverse_texts",
    "scope_names",
    "source_from_frame",
    "substitute_batch",
    "substitute_message",
    "table_from_frame",
    "unmapped_people",
    "without_others",
    "write_key",
    "write_key_file",
    "write_mapping",
    "write_output",
]


def __getattr__(name: str) -> object:
    """Import a public name from its module the first time it is used, then keep it here."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones included before they are loaded."""
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """This package's module object: the function ``collect`` keeps its name when ``nicknames.collect.candidates`` loads.

    Importing a submodule binds it on its package; the eager imports used to rebind the function over it.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name == "collect" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
