"""A Python policy that draws exactly as every core's compiled `random` policy (id 0) does."""


class DrawsLikeRandom:
    def choose(self, view, options, stream):
        return options[stream.below(len(options))]
