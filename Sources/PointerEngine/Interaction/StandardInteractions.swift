// The interactions an engine runs unless told otherwise (see Interaction.swift for the seam).

/// The engine's standard interactions, in dispatch order: captures first (drag, scrubber,
/// band), then reveal (taps before activation), context menus, pages, zoom, scroll.
package enum StandardInteractions {
    package static func make() -> [any Interaction] {
        [DragInteraction(), ScrubberInteraction(), RevealInteraction(), ContextMenuInteraction(),
         BandSelectionInteraction(), PageInteraction(), ZoomInteraction(), ScrollInteraction()]
    }
}
