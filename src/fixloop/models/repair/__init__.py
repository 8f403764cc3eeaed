"""The offline repair engine: a generate-and-validate program repair model (no key, no network).

Modules: ``candidate`` (a candidate patch and its exact edits), ``templates`` (fix templates),
``localize`` (fault localization), ``screen`` (fast candidate validation), ``engine``
(:class:`RepairModel`, the model callable).
"""
