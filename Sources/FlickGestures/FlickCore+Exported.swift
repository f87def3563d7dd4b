// Points, vectors, sizes and rectangles come from FlickCore: importing FlickGestures imports them too.
@_exported import FlickCore
