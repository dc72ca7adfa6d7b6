"""Rurik: Dawn of Kiev (data files and loader; the compiled core is simsuite._rurik).

Not registered in simsuite.games yet: phase 2 plugs it into the shared game packages."""
