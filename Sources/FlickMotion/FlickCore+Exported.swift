// Points, vectors, sizes and rectangles come from FlickCore: importing FlickMotion imports them too.
@_exported import FlickCore
