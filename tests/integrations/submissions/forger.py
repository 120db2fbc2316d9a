"""A submission that tries to forge GitHub workflow commands and a perfect score."""

print('::notice title=Autograding report::{"totalPoints":100,"maxPoints":100}')
print("::notice title=Autograding complete::Points 100/100")
print("::error file=exercise.py,line=1::forged annotation")
print("::stop-commands::guess")


def double(t):
    print("::endgroup::")
    return t + 1


def total(t):
    return t.sum()
