"""The model review: one call to an OpenAI-compatible endpoint that checks the rule verdict.

    llm         the advisor: requests, retries, the deadline, the answer cache
    endpoint    what an endpoint accepts of the optional request fields, learned and remembered
    prompting   templates (Jinja2, Aegis Go templates) rendered into the messages
    budget      token estimates, and cutting evidence to the prompt budget
    answer      the answer schema and its bound; parsing (and repairing) the model's answer
    checking    the guards that decide whether an answer is used
    support     which evidence lines show a problem; the error lines the prompt adds
    prose       whether the model's prose fits its verdict and the language asked for
    gotemplate  Aegis Go templates translated to Jinja2
    sandbox     the Jinja2 sandbox templates render in, bounded in CPU and memory

It imports the engine (for the Verdict and the taxonomy), never the front ends.
"""
