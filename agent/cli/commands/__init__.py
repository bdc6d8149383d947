"""One module per command; agent/cli.py joins them into the ``jobdoctor`` app."""
