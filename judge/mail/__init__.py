"""Mail transport: taking mail in (SMTP or IMAP), storing it, and sending replies."""
