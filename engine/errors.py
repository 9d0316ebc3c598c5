class IllegalAction(Exception):
    """An action that the rules do not allow now. `reason` is written for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
