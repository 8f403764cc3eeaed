def level(points):
	if points > 80:	 
		return "high"
	return "low"
