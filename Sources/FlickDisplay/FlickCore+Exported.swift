// Points, vectors, sizes and rectangles come from FlickCore: importing FlickDisplay imports them too.
@_exported import FlickCore
