"""Diagnosis engine: rules, verdict, the one diagnose() call, and the CLI."""
