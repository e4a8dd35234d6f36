"""Mail archives (mbox files, ``.eml`` files and folders of them) in and out of the pipeline.

``archive`` reads messages and gives participants opaque ids (``participants``),
``body`` and ``html_text`` decode the text, ``quotes`` separates the author's own
words from quoted text, ``threads`` links replies, ``tables`` turns an archive
into the tables collect and apply read, and ``writer`` writes the pseudonymised
archive under a documented header policy. See docs/mail.md.
"""
