"""Front-end sources of the card-table widget (ES module, CSS, SVG card art), shipped as package data."""
