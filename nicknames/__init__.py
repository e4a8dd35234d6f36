"""nicknames: find every name participants use for each other, review them, replace them with pseudonyms."""

from __future__ import annotations

import importlib
import sys
import types
import typing

# The public API is loaded on first use (PEP 562): ``nicknames --help`` and every command
# start without importing pandas and every core module; ``from nicknames import X`` works as before.
if typing.TYPE_CHECKING:
    from nicknames.apply import ApplyResult, Duplicate, apply_mapping
    from nicknames.audit import AuditResult, Finding, audit_messages, build_index
    from nicknames.class_list import read_class_list, registered_parts
    from nicknames.collect import CollectResult, collect, merge
    from nicknames.errors import NicknamesError
    from nicknames.evaluate import MappingReport, evaluate_mapping
    from nicknames.formats import as_strings
    from nicknames.gold import GoldSpan, read_spans_csv
    from nicknames.identifiers import IdentifierRules, identifier_rules
    from nicknames.key_file import KeyFile, read_key_file, write_key_file
    from nicknames.mail.participants import AddressKey, read_key, write_key
    from nicknames.mapping import Mapping, Name, Status
    from nicknames.mapping_file import (
        format_mapping,
        parse_mapping,
        read_mapping,
        write_mapping,
    )
    from nicknames.mentions import MentionReport, evaluate_mentions, pseudonym_pattern
    from nicknames.messages import Message, MessageTable, read_messages, table_from_frame
    from nicknames.pseudonyms import IdTemplate, KeyedIds
    from nicknames.resolution import NamesOf, Unresolved
    from nicknames.reverse import reverse_texts
    from nicknames.sample import SampleConfig, SampleResult, generate_sample
    from nicknames.sources import (
        ArchiveApplyResult,
        Source,
        apply_source,
        collect_source,
        open_source,
        pseudonymise,
        source_from_frame,
        write_output,
    )
    from nicknames.substitute import (
        MappingNames,
        Replacement,
        ScopeNames,
        scope_names,
        substitute_batch,
        substitute_message,
    )
    from nicknames.surrogates import Surrogate, SurrogateNames

_HOMES: dict[str, str] = {
    "AddressKey": "nicknames.mail.participants",
    "ApplyResult": "nicknames.apply",
    "ArchiveApplyResult": "nicknames.sources",
    "AuditResult": "nicknames.audit",
    "CollectResult": "nicknames.collect",
    "Duplicate": "nicknames.apply",
    "Finding": "nicknames.audit",
    "GoldSpan": "nicknames.gold",
    "IdTemplate": "nicknames.pseudonyms",
    "IdentifierRules": "nicknames.identifiers",
    "KeyFile": "nicknames.key_file",
    "KeyedIds": "nicknames.pseudonyms",
    "Mapping": "nicknames.mapping",
    "MappingNames": "nicknames.substitute",
    "MappingReport": "nicknames.evaluate",
    "MentionReport": "nicknames.mentions",
    "Message": "nicknames.messages",
    "MessageTable": "nicknames.messages",
    "Name": "nicknames.mapping",
    "NamesOf": "nicknames.resolution",
    "NicknamesError": "nicknames.errors",
    "Replacement": "nicknames.substitute",
    "SampleConfig": "nicknames.sample",
    "SampleResult": "nicknames.sample",
    "ScopeNames": "nicknames.substitute",
    "Source": "nicknames.sources",
    "Status": "nicknames.mapping",
    "Surrogate": "nicknames.surrogates",
    "SurrogateNames": "nicknames.surrogates",
    "Unresolved": "nicknames.resolution",
    "apply_mapping": "nicknames.apply",
    "apply_source": "nicknames.sources",
    "as_strings": "nicknames.formats",
    "audit_messages": "nicknames.audit",
    "build_index": "nicknames.audit",
    "collect": "nicknames.collect",
    "collect_source": "nicknames.sources",
    "evaluate_mapping": "nicknames.evaluate",
    "evaluate_mentions": "nicknames.mentions",
    "format_mapping": "nicknames.mapping_file",
    "generate_sample": "nicknames.sample",
    "identifier_rules": "nicknames.identifiers",
    "merge": "nicknames.collect",
    "open_source": "nicknames.sources",
    "parse_mapping": "nicknames.mapping_file",
    "pseudonym_pattern": "nicknames.mentions",
    "pseudonymise": "nicknames.sources",
    "read_class_list": "nicknames.class_list",
    "read_key": "nicknames.mail.participants",
    "read_key_file": "nicknames.key_file",
    "read_mapping": "nicknames.mapping_file",
    "read_messages": "nicknames.messages",
    "read_spans_csv": "nicknames.gold",
    "registered_parts": "nicknames.class_list",
    "reverse_texts": "nicknames.reverse",
    "scope_names": "nicknames.substitute",
    "source_from_frame": "nicknames.sources",
    "substitute_batch": "nicknames.substitute",
    "substitute_message": "nicknames.substitute",
    "table_from_frame": "nicknames.messages",
    "write_key": "nicknames.mail.participants",
    "write_key_file": "nicknames.key_file",
    "write_mapping": "nicknames.mapping_file",
    "write_output": "nicknames.sources",
}
"""Public name → the module that defines it."""

__all__ = [
    "AddressKey",
    "ApplyResult",
    "ArchiveApplyResult",
    "AuditResult",
    "CollectResult",
    "Duplicate",
    "Finding",
    "GoldSpan",
    "IdTemplate",
    "IdentifierRules",
    "KeyFile",
    "KeyedIds",
    "Mapping",
    "MappingNames",
    "MappingReport",
    "MentionReport",
    "Message",
    "MessageTable",
    "Name",
    "NamesOf",
    "NicknamesError",
    "Replacement",
    "SampleConfig",
    "SampleResult",
    "ScopeNames",
    "Source",
    "Status",
    "Surrogate",
    "SurrogateNames",
    "Unresolved",
    "apply_mapping",
    "apply_source",
    "as_strings",
    "audit_messages",
    "build_index",
    "collect",
    "collect_source",
    "evaluate_mapping",
    "evaluate_mentions",
    "format_mapping",
    "generate_sample",
    "identifier_rules",
    "merge",
    "open_source",
    "parse_mapping",
    "pseudonym_pattern",
    "pseudonymise",
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
    """This package's module object: the function ``collect`` keeps its name when ``nicknames.collect`` loads.

    Importing a submodule binds it on its package; the eager imports used to rebind the function over it.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name == "collect" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
