"""nicknames: find every name participants use for each other, review them, replace them with pseudonyms."""

from __future__ import annotations

from nicknames.apply import ApplyResult, Duplicate, apply_mapping
from nicknames.audit import AuditResult, Finding, audit_messages, build_index
from nicknames.class_list import read_class_list, registered_parts
from nicknames.collect import CollectResult, collect, merge
from nicknames.errors import NicknamesError
from nicknames.evaluate import MappingReport, evaluate_mapping
from nicknames.gold import GoldSpan, read_spans_csv
from nicknames.formats import as_strings
from nicknames.mail.participants import AddressKey, read_key, write_key
from nicknames.mapping import Mapping, Name, Status
from nicknames.mapping_file import format_mapping, parse_mapping, read_mapping, write_mapping
from nicknames.mentions import MentionReport, evaluate_mentions, pseudonym_pattern
from nicknames.messages import Message, MessageTable, read_messages, table_from_frame
from nicknames.sample import SampleConfig, SampleResult, generate_sample
from nicknames.sources import (
    ArchiveApplyResult, Source, apply_source, collect_source, open_source, pseudonymise, source_from_frame, write_output,
)
from nicknames.identifiers import IdentifierRules, identifier_rules
from nicknames.key_file import KeyFile, read_key_file, write_key_file
from nicknames.pseudonyms import IdTemplate, KeyedIds
from nicknames.resolution import Unresolved
from nicknames.reverse import reverse_texts
from nicknames.substitute import Replacement, ScopeNames, scope_names, substitute_batch, substitute_message
from nicknames.surrogates import Surrogate, SurrogateNames

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
    "MappingReport",
    "MentionReport",
    "Message",
    "MessageTable",
    "Name",
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
