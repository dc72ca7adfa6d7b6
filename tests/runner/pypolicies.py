"""Python policies used by the runner tests (importable by worker processes via PYTHONPATH)."""


class StreamRandom:
    """Draws exactly as the compiled random policy (id 0) does, from the seat's own stream."""

    def choose(self, view, options, stream):
        return options[stream.below(len(options))]


class First:
    """Always the smallest legal option."""

    def choose(self, view, options, stream):
        return options[0]
