@_exported import FlickCore
