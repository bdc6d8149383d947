"""The model review: one call to an OpenAI-compatible endpoint that checks the rule verdict.

    llm         the advisor: requests, retries, the deadline, the answer cache
    prompting   templates (Jinja2, Aegis Go templates) rendered into the messages
    budget      token estimates, and cutting evidence to the prompt budget
    answer      parsing the model's answer and the guards that decide whether it is used
    gotemplate  Aegis Go templates translated to Jinja2
    sandbox     the Jinja2 sandbox templates render in, bounded in CPU and memory

It imports the engine (for the Verdict and the taxonomy), never the front ends.
"""
