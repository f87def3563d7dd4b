// FlickCore holds the types every other module shares; see FlickCore.docc.
