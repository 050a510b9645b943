import Testing
