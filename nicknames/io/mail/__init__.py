"""Mail archives (mbox files, ``.eml`` files and folders of them) in and out of the pipeline.

``archive`` reads messages and gives participants opaque ids (``participants``),
``body`` decodes the text (HTML through ``nicknames.rules.html_text``; the author's own words are
told from quoted text by ``nicknames.rules.quotes``), ``threads`` links replies, ``tables`` turns an archive
into the tables collect and apply read, and ``writer`` writes the pseudonymised
archive under a documented header policy. See docs/mail.md.
"""
