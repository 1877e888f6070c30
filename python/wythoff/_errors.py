"""The exception of wythoff beyond Python's own (raised by the compiled module)."""


class DamagedFileError(OSError):
    """A wythoff file that is damaged or not what it claims to be.

    Raised for a checksum that does not match, a truncated or edited file, a header that is
    invalid or of another kind of file.  A subclass of OSError, so ``except OSError`` catches
    every problem with a file; ``filename`` names the file and ``str()`` says what is wrong.
    """

    def __init__(self, message: str, filename: "str | None" = None) -> None:
        super().__init__(message)
        self.filename = filename

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self):
        return (type(self), (self.args[0], self.filename))
