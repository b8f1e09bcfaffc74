"""The service every channel shares: conversations, config checks, descriptions of the KB."""
