/// The commands every screen takes, one case each, in the order `help` lists them: the help
/// text, the command line under each screen and the `switch` that handles a command come from
/// this one declaration. Which of them a screen lists depends on what applies there (links,
/// several windows, flags, a pending link, someone signed in).
enum ConsoleCommand: String, CaseIterable {
    case help, back, `where`, trace, tab, open, explain, window, windows, flags, flag, cancel, signout, quit
}
