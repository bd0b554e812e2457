// The gesture layer; see the files beside this one.
