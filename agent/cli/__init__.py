"""The ``jobdoctor`` command line: ``app`` joins the commands of ``commands/``; ``shell``
holds the options and error handling they share. Thin: parse, build Settings and a
Source, call ``agent.diagnosis.diagnose()``, render."""
