import ParloCore
