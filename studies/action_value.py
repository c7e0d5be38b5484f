"""The study's command line; its code is :mod:`dictator_widget.experiments.action_value` (see its docstring).

    python studies/action_value.py --help
"""

from dictator_widget.experiments.action_value import main

if __name__ == "__main__":
    main()
