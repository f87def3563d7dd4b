// Points, vectors, sizes, rectangles and time come from FlickCore: importing FlickGestures imports them too.
@_exported import FlickCore
