extension Mutant {
    /// The fast engine inside, bug and all: a check reads from it what each step changed.
    public var fastEngine: FastEngine { engine }
}
