print("flightlog")
