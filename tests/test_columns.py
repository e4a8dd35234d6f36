"""Guessing and choosing the columns of an export."""

from __future__ import annotations

import pytest

from nicknames.model.columns import Columns, resolve_columns
from nicknames.model.errors import InputError


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            ["session_id", "thread_id", "message_id", "parent_id", "user_id", "timestamp", "text"],
            Columns("message_id", "user_id", "text", "parent_id", "thread_id", "session_id", "timestamp"),
        ),
        (["postId", "author", "postBody", "parentId", "topicId"],
         Columns("postId", "author", "postBody", "parentId", "topicId")),
        (["id", "Sender", "Message", "In-Reply-To"], Columns("id", "Sender", "Message", "In-Reply-To")),
        (["msg_id", "from", "body", "course"], Columns("msg_id", "from", "body", session_id="course")),
        (["id", "parent_id", "link_id", "author", "body", "created_utc", "subreddit"],  # Reddit's comments
         Columns("id", "author", "body", "parent_id", "link_id", "subreddit", "created_utc")),
        (["Id", "ParentId", "OwnerUserId", "Body", "CreationDate"],  # Stack Exchange's posts
         Columns("Id", "OwnerUserId", "Body", "ParentId", timestamp="CreationDate")),
        (["id", "topic_id", "username", "raw", "cooked", "created_at"],  # Discourse's posts
         Columns("id", "username", "raw", thread_id="topic_id", timestamp="created_at")),
        (["id", "topic_id", "user_id", "cooked"],  # Discourse's posts in HTML only
         Columns("id", "user_id", "cooked", thread_id="topic_id")),
        (["id", "user_id", "body_html"], Columns("id", "user_id", "body_html")),
        (["comment_id", "post_id", "user_id", "comment_text"],  # a comment's id before its post's
         Columns("comment_id", "user_id", "comment_text")),
        (["id", "user_id", "username", "text"], Columns("id", "user_id", "text")),  # the id before the name
        (["AuthorID", "Author", "Date", "Content", "id"],  # a chat export's (DiscordChatExporter's), ids added
         Columns("id", "AuthorID", "Content", timestamp="Date")),
        (["type", "user", "text", "ts", "thread_ts"], Columns("ts", "user", "text", thread_id="thread_ts")),  # Slack
        (["id", "issue_number", "user", "body", "created_at"],  # an issue tracker's comments
         Columns("id", "user", "body", thread_id="issue_number", timestamp="created_at")),
        # names that end with a spelling of two words, where no column is named as one
        (["_id", "author_id", "author_username", "body", "course_id", "comment_thread_id", "parent_id"],  # edX
         Columns("_id", "author_id", "body", "parent_id", "comment_thread_id", "course_id")),
        (["id", "discussion_topic_id", "parent_id", "user_id", "message"],  # Canvas's discussion entries
         Columns("id", "user_id", "message", "parent_id", "discussion_topic_id")),
        (["id", "edu101_user_id", "text", "commentThreadId"],
         Columns("id", "edu101_user_id", "text", thread_id="commentThreadId")),
        (["id", "user_id", "text", "thread_id", "comment_thread_id"],  # a spelling as the name wins
         Columns("id", "user_id", "text", thread_id="thread_id")),
        (["id", "user_id", "text", "a_thread_id", "b_thread_id"], Columns("id", "user_id", "text")),  # two: none
        (["id", "user_id", "text", "thread_ids", "userid_x"], Columns("id", "user_id", "text")),  # not an ending
    ],
)
def test_guesses_common_spellings(header: list[str], expected: Columns) -> None:
    assert resolve_columns(header, {}, "f.csv") == expected


def test_user_choice_wins_over_guess() -> None:
    columns = resolve_columns(["id", "user_id", "writer", "text"], {"sender": "writer"}, "f.csv")
    assert columns.sender == "writer"


@pytest.mark.parametrize(
    ("header", "chosen", "message"),
    [
        (["id", "user_id"], {}, "f.csv: no column for the text was found among 'id', 'user_id'; name it with --text-column"),
        (["AuthorID", "Content"], {}, "[columns] (an export without message ids, such as a chat log, needs a column of "
                                      "unique ids added first: the row numbers)."),
        (["id", "user_id", "text"], {"sender": "author"}, "there is no column 'author' for the sender"),
        (["id", "text", "user_id", "User ID"], {}, "columns 'user_id', 'User ID' could each be the sender"),
        (["id", "text", "a_user_id", "b_user_id"], {}, "columns 'a_user_id', 'b_user_id' could each be the sender"),
        (["id", "text", "user_id"], {"thread_id": "text"}, "column 'text' was taken for both the text and the thread id"),
        (["id", "text", "user_id"], {"colour": "text"}, "Unknown field 'colour'"),
    ],
)
def test_missing_wrong_or_ambiguous_columns(header: list[str], chosen: dict[str, str], message: str) -> None:
    with pytest.raises(InputError) as raised:
        resolve_columns(header, chosen, "f.csv")
    assert message in str(raised.value)


@pytest.mark.parametrize(("fields", "expected"), [
    (("message_id", "text"), ["id", "body"]),
    (("text", "message_id"), ["body", "id"]),  # in the order given
    (("message_id", "thread_id", "session_id"), ["id", "grp"]),  # absent fields left out, a shared column once
    (("parent_id", "recipients"), []),
])
def test_columns_of_some_fields(fields: tuple[str, ...], expected: list[str]) -> None:
    columns = Columns(message_id="id", sender="from", text="body", thread_id="grp", session_id="grp")
    assert columns.of(*fields) == expected
