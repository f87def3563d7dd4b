// Points, vectors, sizes and rectangles come from FlickCore: importing FlickRaster imports them too.
@_exported import FlickCore
