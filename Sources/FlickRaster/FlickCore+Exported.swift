// Points, vectors, sizes, rectangles and time come from FlickCore: importing FlickRaster imports them too.
@_exported import FlickCore
