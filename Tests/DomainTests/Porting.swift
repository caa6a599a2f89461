// Porting: tests of this module come back as they are ported.
