order mb writel
