// Points, vectors, sizes, rectangles and time come from FlickCore: importing FlickDisplay imports them too.
@_exported import FlickCore
