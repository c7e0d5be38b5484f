"""The study's command line; its code is :mod:`dictator_widget.experiments.worth` (see its docstring).

    python studies/worth.py --help
"""

from dictator_widget.experiments.worth import main

if __name__ == "__main__":
    main()
