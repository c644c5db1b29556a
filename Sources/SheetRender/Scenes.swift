// A renderer draws its sheet over a background scene, so whoever uses SheetRender gets the scenes too.
@_exported import Scenes
