// Points, vectors, sizes, rectangles and time come from FlickCore: importing FlickMotion imports them too.
@_exported import FlickCore
