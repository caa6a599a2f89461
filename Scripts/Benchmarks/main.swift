print("porting")
