print("gridsim")
