// A hello-world Swift binary, built as the App is (release, this package's settings): what
// Scripts/bench compares the App's start-up with.
print("Hello, world!")
