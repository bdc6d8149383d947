"""The rule engine: pure functions from ``Evidence`` and a ``Catalogue`` to a ``Verdict``.

No files (but the package's own data), no network, no clock: ``now`` comes with the evidence.

    taxonomy    the category ids (taxonomy.yaml)
    verdict     the Verdict model: -o json, the model's answer schema, its parser
    signatures  the failure catalogue (signatures/*.yaml) and user rule files
    findings    where signatures show in the evidence, and whether they still matter
    ranking     which pod failed first
    decision    what the rules concluded (Decision), and when silence is a stall
    progress    which container reports progress, and its pace
    rules       judge(): findings -> Decision -> Verdict
    confidence  how sure the verdict is, and why not more
    explain     a Decision put into words
"""
