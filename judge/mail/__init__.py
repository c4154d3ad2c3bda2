"""Mail as bytes and text, with no database and no network: reading received mail
(``parse``, ``mime_text``, ``flowed``, ``html_text``, ``cleanup``, ``automatic``), safe header
values (``headers``) and building every mail the judge sends (``outgoing``)."""
