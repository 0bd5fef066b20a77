@_exported import ParloCore
