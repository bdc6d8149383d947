"""Default prompt templates, shipped as package data."""
